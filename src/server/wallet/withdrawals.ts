import type { Withdrawal, WithdrawalBody } from '#lib/api/contracts/wallet.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { isBusinessKey, withFreshKey } from '../keys.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { lockWallet, transfer } from '../ledger/transfer.ts';
import { notify } from '../sms/notify.ts';
import { walletMessages as M, walletSms } from './messages.ts';
import {
  closePendingWithdrawal,
  countPendingWithdrawals,
  findWithdrawal,
  findWithdrawalHolder,
  insertWithdrawal,
  listWithdrawalsOfAccount,
  listWithdrawalsWithHolder,
  WITHDRAWAL_KEY_CONSTRAINT,
  type WithdrawalRow,
  type WithdrawalStatus,
} from './repository.ts';

/** A patient may have this many withdrawals waiting at once. */
export const MAX_PENDING_WITHDRAWALS = 5;

/** `IR12 **** **** **** **** **34 56` — enough for the patient to recognise their account. */
export function maskIban(iban: string): string {
  const full = `IR${iban}`;
  const masked = `${full.slice(0, 4)}${'*'.repeat(full.length - 8)}${full.slice(-4)}`;
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A withdrawal as the patient's API shows it. */
export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    key: row.key,
    amount: row.amount,
    iban_masked: maskIban(row.iban),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    ...(row.settledAt ? { settled_at: row.settledAt.toISOString() } : {}),
    ...(row.bankReference ? { bank_reference: row.bankReference } : {}),
    ...(row.reason ? { reason: row.reason } : {}),
  };
}

/**
 * `POST /wallet/withdrawals`: the amount leaves the wallet at once (to "withdrawals payable") in the
 * same transaction that records the request; a wallet without that much refuses with 406.
 */
export async function requestWithdrawal(db: Db, accountId: number, input: WithdrawalBody, now: Date): Promise<Withdrawal> {
  const row = await db.transaction(async (tx) => {
    // Counted under the wallet's row lock, so 50 requests at once cannot all pass the count.
    await lockWallet(tx, accountId);
    if ((await countPendingWithdrawals(tx, accountId)) >= MAX_PENDING_WITHDRAWALS) throw new AppError('not_acceptable', M.tooManyWithdrawals);
    const withdrawal = await withFreshKey(tx, 'WD', WITHDRAWAL_KEY_CONSTRAINT, (savepoint, key) =>
      insertWithdrawal(savepoint, { key, accountId, amount: input.amount, iban: input.iban, createdAt: now }),
    );
    await transfer(tx, {
      from: { wallet: accountId },
      to: SYSTEM_ACCOUNTS.withdrawalsPayable,
      amount: input.amount,
      type: 'withdrawal',
      // Only the last digits: a whole masked IBAN inside Persian text is reordered by the bidi algorithm.
      description: `برداشت به حساب بانکی، شبای پایان‌یافته به ${toPersianDigits(input.iban.slice(-4))}`,
      reference: withdrawal.key,
      now,
    });
    return withdrawal;
  });
  return toWithdrawal(row);
}

export async function listWithdrawals(db: Db, accountId: number, page: { page: number; perPage: number }): Promise<{ rows: Withdrawal[]; total: number }> {
  const { rows, total } = await listWithdrawalsOfAccount(db, accountId, { limit: page.perPage, offset: (page.page - 1) * page.perPage });
  return { rows: rows.map(toWithdrawal), total };
}

/** Returns a closed withdrawal's money to the wallet, in the transaction that closed it. */
async function reverseWithdrawal(tx: Db, row: WithdrawalRow, description: string, now: Date): Promise<void> {
  await transfer(tx, {
    from: SYSTEM_ACCOUNTS.withdrawalsPayable,
    to: { wallet: row.accountId },
    amount: row.amount,
    type: 'withdrawal_reversal',
    description,
    reference: row.key,
    now,
  });
}

type ClosedStatus = Exclude<WithdrawalStatus, 'pending'>;

/**
 * Closes a pending withdrawal once — by its owner (`accountId` given) or by the hospital — and moves
 * its money in the same transaction (`move`). 404 for a key that is not one (or not the owner's),
 * 409 when it is no longer pending; nothing changes then.
 */
async function closeWithdrawal(
  db: Db,
  where: { key: string; accountId?: number },
  change: { status: ClosedStatus; bankReference?: string; reason?: string },
  move: (tx: Db, closed: WithdrawalRow) => Promise<unknown>,
  now: Date,
): Promise<WithdrawalRow> {
  const notFound = new AppError('not_found', M.withdrawalNotFound);
  if (!isBusinessKey('WD', where.key)) throw notFound;
  const row = await db.transaction(async (tx) => {
    const closed = await closePendingWithdrawal(tx, where, { ...change, settledAt: now });
    if (closed) await move(tx, closed);
    return closed;
  });
  if (row) return row;
  const existing = await findWithdrawal(db, where.key);
  if (!existing || (where.accountId !== undefined && existing.accountId !== where.accountId)) throw notFound;
  throw new AppError('conflict', M.withdrawalNotPending);
}

/** `POST /wallet/withdrawals/{key}/cancel`: only the owner, only while pending; the amount returns at once. */
export async function cancelWithdrawal(db: Db, accountId: number, key: string, now: Date): Promise<Withdrawal> {
  const row = await closeWithdrawal(db, { key, accountId }, { status: 'cancelled' }, (tx, closed) => reverseWithdrawal(tx, closed, `لغو برداشت ${closed.key}`, now), now);
  return toWithdrawal(row);
}

/** A withdrawal as the hospital sees it: the whole IBAN and the holder, to pay it. */
export interface HospitalWithdrawal {
  key: string;
  amount: number;
  /** 24 digits, without IR. */
  iban: string;
  holder: string;
  phone_number: string;
  status: WithdrawalStatus;
  created_at: string;
  settled_at?: string;
  bank_reference?: string;
  reason?: string;
}

function toHospitalWithdrawal(row: WithdrawalRow, holder: { firstName: string; lastName: string; phoneNumber: string }): HospitalWithdrawal {
  const { iban_masked: _, ...shown } = toWithdrawal(row);
  return { ...shown, iban: row.iban, holder: `${holder.firstName} ${holder.lastName}`, phone_number: holder.phoneNumber };
}

export async function listWithdrawalsForHospital(db: Db, query: { status?: WithdrawalStatus; page: number; perPage: number }): Promise<{ rows: HospitalWithdrawal[]; total: number }> {
  const { rows, total } = await listWithdrawalsWithHolder(db, { status: query.status }, { limit: query.perPage, offset: (query.page - 1) * query.perPage });
  return { rows: rows.map((row) => toHospitalWithdrawal(row, row)), total };
}

async function withHolder(db: Db, row: WithdrawalRow): Promise<HospitalWithdrawal> {
  const holder = await findWithdrawalHolder(db, row.accountId);
  if (!holder) throw new Error(`withdrawal ${row.key} has no account`);
  return toHospitalWithdrawal(row, holder);
}

/**
 * The hospital paid the withdrawal to the patient's bank account: the money leaves the ledger
 * (withdrawals payable → bank payouts) and the patient gets an SMS. Once only: 409 when not pending.
 */
export async function settleWithdrawal(db: Db, key: string, input: { bankReference: string }, now: Date): Promise<HospitalWithdrawal> {
  const row = await closeWithdrawal(
    db,
    { key },
    { status: 'paid', bankReference: input.bankReference },
    (tx, closed) =>
      transfer(tx, {
        from: SYSTEM_ACCOUNTS.withdrawalsPayable,
        to: SYSTEM_ACCOUNTS.bankPayouts,
        amount: closed.amount,
        type: 'withdrawal_payout',
        description: `پرداخت برداشت ${closed.key} به حساب بیمار`,
        reference: closed.key,
        now,
      }),
    now,
  );
  const shown = await withHolder(db, row);
  await notify(db, { to: shown.phone_number, text: walletSms.withdrawalPaid(row.key, row.amount, input.bankReference), now });
  return shown;
}

/** The hospital refused the withdrawal (a wrong IBAN…): the amount returns to the wallet, with an SMS. */
export async function rejectWithdrawal(db: Db, key: string, input: { reason: string }, now: Date): Promise<HospitalWithdrawal> {
  const row = await closeWithdrawal(
    db,
    { key },
    { status: 'rejected', reason: input.reason },
    (tx, closed) => reverseWithdrawal(tx, closed, `برگشت برداشت ${closed.key}: ${input.reason}`, now),
    now,
  );
  const shown = await withHolder(db, row);
  await notify(db, { to: shown.phone_number, text: walletSms.withdrawalRejected(row.key, row.amount, input.reason), now });
  return shown;
}
