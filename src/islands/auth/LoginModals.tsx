import { useStore } from '@nanostores/react';
import { $openModals, type ModalName } from '#client/state/modals.ts';
import { $registering, cancelLogin } from '#stores/login.ts';
import { Sheet } from '../ui/Sheet.tsx';
import { AccountsStep } from './AccountsStep.tsx';
import { CodeStep } from './CodeStep.tsx';
import { PhoneStep } from './PhoneStep.tsx';
import { RegisterStep } from './RegisterStep.tsx';

const STEPS: Record<Extract<ModalName, `login-${string}`>, { title: string; Body: () => React.JSX.Element }> = {
  'login-phone': { title: 'ورود یا ثبت‌نام', Body: PhoneStep },
  'login-code': { title: 'کد تأیید', Body: CodeStep },
  'login-register': { title: 'تکمیل اطلاعات', Body: RegisterStep },
  'login-accounts': { title: 'انتخاب حساب', Body: AccountsStep },
};

/** The login popup (spec §2): the last opened of its four steps, in one persistent sheet. */
export function LoginModals() {
  const open = useStore($openModals);
  const current = [...open].reverse().find((name): name is keyof typeof STEPS => name in STEPS);
  const registering = useStore($registering);
  const step = current ? STEPS[current] : undefined;
  const title = current === 'login-register' && registering === 'another' ? 'افزودن فرد دیگر' : (step?.title ?? '');
  return (
    <Sheet open={Boolean(step)} title={title} onDismiss={cancelLogin}>
      {step && current && <step.Body key={current} />}
    </Sheet>
  );
}
