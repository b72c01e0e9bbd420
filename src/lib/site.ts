/** The brand and its public accounts. */
export const SITE = {
  name: 'RedCap',
  tagline: 'Small-cap research for retail investors',
  description:
    'Screen 4000 US small-cap stocks, read company research and news, watch CEO interviews and join investor webinars.',
  social: [
    { label: 'X', href: 'https://x.com/redcapresearch' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/redcapresearch' },
    { label: 'YouTube', href: 'https://www.youtube.com/@redcapresearch' },
    { label: 'Facebook', href: 'https://www.facebook.com/redcapresearch' },
  ],
} as const;
