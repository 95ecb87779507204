import { atom } from 'nanostores';

/** Names of the modals the portal can open (spec §2: the four login steps). */
export type ModalName = 'login-phone' | 'login-code' | 'login-register' | 'login-accounts';

/** The modal registry: which modals are open, in the order they were opened. */
export const $openModals = atom<readonly ModalName[]>([]);

export function openModal(name: ModalName): void {
  if (!$openModals.get().includes(name)) $openModals.set([...$openModals.get(), name]);
}

export function closeModal(name: ModalName): void {
  $openModals.set($openModals.get().filter((open) => open !== name));
}

export function toggleModal(name: ModalName): void {
  if ($openModals.get().includes(name)) closeModal(name);
  else openModal(name);
}

export function closeAllModals(): void {
  $openModals.set([]);
}

/** Closes every other modal and opens `name`. */
export function openOnlyModal(name: ModalName): void {
  $openModals.set([name]);
}

export function isModalOpen(name: ModalName): boolean {
  return $openModals.get().includes(name);
}
