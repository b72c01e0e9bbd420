/**
 * Passwords that satisfy the character rule yet appear near the top of
 * every leaked-password list. Compared case-insensitively.
 */
const COMMON = new Set(
  [
    'p@ssw0rd', 'p@ssword1', 'p@ssword123', 'password1!', 'password1@', 'password123!', 'password!1', 'passw0rd!',
    'pa$$w0rd', 'pa$$word1', 'qwerty1!', 'qwerty123!', 'qwerty12!', 'q1w2e3r4!', '1qaz2wsx!', 'abc123!', 'abc123@',
    'abcd123!', 'abc@123', 'abc@1234', 'admin123!', 'admin@123', 'admin1!', 'welcome1!', 'welcome123!', 'welcome@1',
    'welcome@123', 'letmein1!', 'iloveyou1!', 'sunshine1!', 'monkey1!', 'dragon1!', 'football1!', 'baseball1!',
    'master1!', 'shadow1!', 'trustno1!', 'test123!', 'test@123', 'test1234!', 'changeme1!', 'summer2024!',
    'winter2024!', 'spring2024!', 'autumn2024!', 'summer2025!', 'winter2025!', 'summer2026!', 'winter2026!',
    'december1!', 'january1!', 'hello123!', 'hello@123', 'secret1!', 'login123!', 'user123!', 'root123!',
    'pass@123', 'pass@word1', 'india@123', 'zaq1@wsx', '1q2w3e4r!', 'a1b2c3!', 'aa123456!', 'asdf123!', 'azerty1!',
    'p@55w0rd', 'p@55word', 'passw@rd1', 'password@1', 'password@123', 'qwerty@123', 'qwerty@1', 'stock123!',
    'invest123!', 'money123!', 'trading1!', 'bitcoin1!',
  ].map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
