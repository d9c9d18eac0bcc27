// The deposit and the balance of a drone job paid by card (job-card-flow.server.ts), with each
// kind's rules: what the card routes, Stripe's webhook and the quote's page call.
import type Stripe from 'stripe';
import type { Db } from '~/lib/platform/server/db';
import { BALANCE } from './balance.server';
import { DEPOSIT } from './deposits.server';
import {
  createJobCardIntent,
  type JobCardOutcome,
  type JobIntentFacts,
  settleJobIntent,
  settleReturningClient,
} from './job-card-flow.server';
import type { JobPaymentKind, JobPaymentKindRules } from './job-payment-flow.server';

const rulesOf = (kind: JobPaymentKind): JobPaymentKindRules => (kind === 'balance' ? BALANCE : DEPOSIT);

export interface CardIntentOptions {
  testMode?: boolean;
  now?: Date;
}

/** POST /api/quotes/{token}/deposit/card: a PaymentIntent for the server's deposit. */
export const createDepositCardIntent = (db: Db, stripe: Stripe, token: string, options?: CardIntentOptions) =>
  createJobCardIntent(db, stripe, DEPOSIT, token, options);

/** POST /api/quotes/{token}/balance/card: a PaymentIntent for the invoiced balance. */
export const createBalanceCardIntent = (db: Db, stripe: Stripe, token: string, options?: CardIntentOptions) =>
  createJobCardIntent(db, stripe, BALANCE, token, options);

/** Stripe's word about an intent (a webhook event): null when it is no job payment's. */
export const settleJobCardIntent = (db: Db, intent: JobIntentFacts, now?: Date): JobCardOutcome | null =>
  settleJobIntent(db, rulesOf, intent, { now });

/** The client back on the quote's page after paying this kind by card: true when it is paid. */
export const settleJobCardReturn = (db: Db, stripe: Stripe, token: string, kind: JobPaymentKind) =>
  settleReturningClient(db, stripe, rulesOf, token, kind);
