/**
 * Link payments that came after their invoice was settled (payments.returned_to_payer): the money
 * waits in the "payer refunds" ledger account until the hospital sends it back to the card through
 * its bank (the gateway's panel), then says so here with the bank's reference.
 */
import type { PayerRefund, PayerRefundsQuery } from '#lib/api/contracts/hospital.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { transfer } from '../ledger/transfer.ts';
import { maskCardPan } from './gateway.ts';
import { paymentMessages as M } from './messages.ts';
import { findPayment, listReturnedToPayer, markPayerRefunded, type PaymentRow } from './repository.ts';

function toPayerRefund(row: PaymentRow): PayerRefund {
  return {
    payment_id: row.id,
    amount: row.amount,
    invoice_key: row.target ?? '',
    ...(row.refId ? { ref_id: row.refId } : {}),
    ...(row.cardPan ? { card_pan: maskCardPan(row.cardPan) } : {}),
    paid_at: (row.paidAt ?? row.createdAt).toISOString(),
    status: row.payerRefundedAt ? 'done' : 'due',
    ...(row.payerRefundedAt ? { refunded_at: row.payerRefundedAt.toISOString() } : {}),
    ...(row.payerRefundReference ? { bank_reference: row.payerRefundReference } : {}),
  };
}

export async function listPayerRefunds(db: Db, query: PayerRefundsQuery): Promise<{ rows: PayerRefund[]; total: number }> {
  const { rows, total } = await listReturnedToPayer(db, query.status, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  return { rows: rows.map(toPayerRefund), total };
}

/** The hospital sent the money back to the card: it leaves the ledger (payer refunds → bank payouts), once; 409 after. */
export async function settlePayerRefund(db: Db, paymentId: string, bankReference: string, now: Date): Promise<PayerRefund> {
  const found = await findPayment(db, paymentId);
  if (!found?.returnedToPayer) throw new AppError('not_found', M.notFound);
  const row = await db.transaction(async (tx) => {
    const marked = await markPayerRefunded(tx, paymentId, { at: now, reference: bankReference });
    if (!marked) throw new AppError('conflict', M.payerRefundDone);
    await transfer(tx, {
      from: SYSTEM_ACCOUNTS.payerRefunds,
      to: SYSTEM_ACCOUNTS.bankPayouts,
      amount: marked.amount,
      type: 'payer_refund',
      description: `بازگرداندن پرداخت دیرهنگام صورت‌حساب ${marked.target ?? ''} به کارت پرداخت‌کننده`,
      reference: marked.id,
      now,
    });
    return marked;
  });
  return toPayerRefund(row);
}
