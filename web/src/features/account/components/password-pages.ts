/** The forgot and reset password pages load as one chunk: one after the other is how they are used. */
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
