/**
 * The popup's later steps, each a file of its own: the popup opens by itself on every account page,
 * and a visitor who only looks at its first step (the phone) downloads none of them. The phone step
 * starts fetching the code step as it sends the number.
 */
export const loadCodeStep = () => import('./CodeStep.tsx').then((module) => ({ default: module.CodeStep }));
export const loadRegisterStep = () => import('./RegisterStep.tsx').then((module) => ({ default: module.RegisterStep }));
export const loadAccountsStep = () => import('./AccountsStep.tsx').then((module) => ({ default: module.AccountsStep }));
