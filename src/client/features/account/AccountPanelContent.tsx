import { useSnapshot } from 'valtio';
import { ui } from '../../lib/ui-state';
import { ForgotPasswordForm, LoginForm, RegisterForm } from './AuthForms';

/** The account panel's frames: login (the default), register, forgot password. */
export function AccountPanelContent() {
  const { panelFrame } = useSnapshot(ui);
  if (panelFrame === 'register') return <RegisterForm />;
  if (panelFrame === 'forgot') return <ForgotPasswordForm />;
  return <LoginForm />;
}

