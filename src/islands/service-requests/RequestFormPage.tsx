import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { $isLoggedIn } from '#client/state/auth.ts';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { Loading } from '../ui/LoadState.tsx';
import type { ServiceChoice } from './service-choice.ts';

// The form (its rules, the date field, the services) is fetched once someone is logged in: a visitor
// who only meets the login popup does not download it. Logged in already, it starts at once.
const loadForm = () => import('./RequestForm.tsx');
if ($isLoggedIn.get()) void loadForm();
const RequestForm = lazy(() => loadForm().then((module) => ({ default: module.RequestForm })));

/**
 * /sr/request/store: the request form, behind the login. Once shown it stays on screen if the
 * session ends on a send (the login popup opens over it), so nothing typed is lost.
 */
export function RequestFormPage({ services }: { services: readonly ServiceChoice[] }) {
  const loggedIn = useStore($isLoggedIn);
  const [entered, setEntered] = useState(loggedIn);
  if (loggedIn && !entered) setEntered(true);
  if (!entered) return <AuthGate what={promptWhat.requestForm}>{null}</AuthGate>;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold">درخواست خدمت</h1>
        <p className="text-muted">خدمتی را که لازم دارید انتخاب کنید؛ کارشناس بیمارستان برای هماهنگی با شما تماس می‌گیرد.</p>
      </div>
      <Suspense fallback={<Loading text="در حال آماده کردن فرم…" />}>
        <RequestForm services={services} />
      </Suspense>
    </div>
  );
}
