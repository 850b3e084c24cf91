import { registerPaymentProvider } from './provider';
import { testPaymentProvider } from './test-provider';

// The built-in providers. A real one (Klarna Payments) registers here, or from its own module, under its name;
// PAYMENT_PROVIDER picks which one new orders use.
registerPaymentProvider(testPaymentProvider);

export { paymentProvider, failureReasonSlugs, registerPaymentProvider, type PaymentOrder, type PaymentOutcome, type PaymentProvider } from './provider';
