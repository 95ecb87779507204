import { useStore } from '@nanostores/react';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { $openModals, type ModalName } from '#client/state/modals.ts';
import { $registering, cancelLogin } from '#stores/login.ts';
import { Sheet } from '../ui/Sheet.tsx';
import { loadAccountsStep, loadCodeStep, loadRegisterStep } from './login-steps.ts';
import { PhoneStep } from './PhoneStep.tsx';

const STEPS: Record<Extract<ModalName, `login-${string}`>, { title: string; Body: ComponentType }> = {
  'login-phone': { title: 'ورود یا ثبت‌نام', Body: PhoneStep },
  'login-code': { title: 'کد تأیید', Body: lazy(loadCodeStep) },
  'login-register': { title: 'تکمیل اطلاعات', Body: lazy(loadRegisterStep) },
  'login-accounts': { title: 'انتخاب حساب', Body: lazy(loadAccountsStep) },
};

/** While a step's file loads: a line of the sheet's own text, read out once. */
function StepLoading() {
  return (
    <p role="status" className="min-h-24 text-muted">
      در حال بارگذاری…
    </p>
  );
}

/**
 * Gives the focus to the step's [data-autofocus] once a lazily loaded step is drawn (the sheet
 * focuses it when the step opens, before the step's file has arrived).
 */
function Focused({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
  return <div ref={box}>{children}</div>;
}

/** The login popup (spec §2): the last opened of its four steps, in one persistent sheet. */
export function LoginModals() {
  const open = useStore($openModals);
  const current = [...open].reverse().find((name): name is keyof typeof STEPS => name in STEPS);
  const registering = useStore($registering);
  const step = current ? STEPS[current] : undefined;
  const title = current === 'login-register' && registering === 'another' ? 'افزودن فرد دیگر' : (step?.title ?? '');
  return (
    <Sheet open={Boolean(step)} title={title} onDismiss={cancelLogin}>
      {step && current && (
        <Suspense fallback={<StepLoading />}>
          <Focused key={current}>
            <step.Body />
          </Focused>
        </Suspense>
      )}
    </Sheet>
  );
}
