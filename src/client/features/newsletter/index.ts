// The footer's newsletter sign-up; the form itself loads as its own chunk.
export { NewsletterSignup } from './NewsletterSignup';
