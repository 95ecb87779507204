import { useStore } from '@nanostores/react';
import { $user } from '#client/state/auth.ts';
import { formatRial } from '#lib/format/number.ts';
import { $loginAccounts, $loginFailure, $loginLoading, addAnotherPerson, loadPhoneAccounts, pickAccount } from '#stores/login.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { Avatar } from './Avatar.tsx';

/** Step 4: the phone's accounts (spec §2: avatar, full name, wallet in rials; at most 600 px high). */
export function AccountsStep() {
  const accounts = useStore($loginAccounts);
  const loading = useStore($loginLoading);
  const failure = useStore($loginFailure);
  // «تغییر فرد» from the user menu: the person logged in now is marked.
  const currentId = useStore($user)?.id;
  if (accounts.length === 0) {
    // Listed with the session («تغییر فرد»): no code, only a moment's wait.
    return failure ? <LoadFailed text={failure.message} onRetry={() => void loadPhoneAccounts()} /> : <Loading text="در حال خواندن افراد این شماره…" />;
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{currentId === undefined ? 'این شماره به چند حساب وصل است. با کدام وارد می‌شوید؟' : 'با حساب کدام فرد ادامه می‌دهید؟'}</p>
      <ul className="flex max-h-[600px] flex-col gap-2 overflow-y-auto" aria-label="حساب‌ها" aria-busy={loading || undefined}>
        {accounts.map((account) => (
          <li key={account.user.id}>
            <button
              type="button"
              onClick={() => void pickAccount(account)}
              disabled={loading}
              className="flex w-full items-center gap-3 rounded-2xl border border-line p-3 text-start hover:border-brand disabled:opacity-60"
            >
              <Avatar user={account.user} />
              <span className="flex flex-col">
                <span className="font-bold">
                  {account.user.full_name}
                  {account.user.id === currentId && <span className="ms-2 text-sm font-normal text-muted">(حساب فعلی)</span>}
                </span>
                <span className="text-sm text-muted">موجودی کیف پول: {formatRial(account.user.wallet ?? 0)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <FormAlert message={failure?.message} />
      <button type="button" onClick={addAnotherPerson} disabled={loading} className="min-h-12 rounded-xl border border-dashed border-brand font-bold text-brand disabled:opacity-60">
        افزودن فرد دیگر
      </button>
    </div>
  );
}
