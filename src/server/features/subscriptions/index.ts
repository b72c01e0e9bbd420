/** Newsletter and news-alert sign-ups: what other features may use (the audience of the newsletter, the preference centre). */
export { emailSubscriptions, newsAlertSubscriptions } from './tables.ts';
