/** Accounts: users, their sign-in sessions and the one-time codes sent to them. */
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const USER_ROLES = ['user', 'staff'] as const;
export const CODE_PURPOSES = ['verify', 'reset', 'change'] as const;

/** Accounts. Emails are unique case-insensitively; phones are stored in E.164. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    messagePreference: text('message_preference', { enum: ['email', 'phone'] })
      .notNull()
      .default('email'),
    /** Whether staff announcements (global notifications) are also sent by email or SMS; the in-app bell shows them either way. */
    announcementsByMessage: boolean('announcements_by_message').notNull().default(true),
    verified: boolean('verified').notNull().default(false),
    googleSubject: text('google_subject'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_subject_idx').on(t.googleSubject),
    index('users_phone_idx').on(t.phone),
  ],
);

/** Sign-in sessions. Only a hash of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One-time codes sent by email or SMS, bound to one purpose, stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);
