import type { LoginEntry, PersonInput, User } from '#lib/api/contracts/auth.ts';
import { apiMessages } from '#lib/api/messages.ts';
import { accountMessages } from '../accounts/messages.ts';
import { countAccountsOfPhone, findAccountOfPhone, listAccountsOfPhone } from '../accounts/repository.ts';
import { createAccount } from '../accounts/service.ts';
import { toUser } from '../accounts/user.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { ago, rateLimited, transactionThenRefuse, windowOpensAt } from './limits.ts';
import { authMessages } from './messages.ts';
import { MAX_ACCOUNTS_PER_PHONE, tokenPolicy } from './policy.ts';
import { lockSubjects, recentTokenTimesOfLogin, revokeLiveToken, type Session } from './repository.ts';
import { type Caller, issueTokens, type TokenTerm } from './service.ts';

/*
 * The people of one phone, reached with the session instead of another SMS code (decision 020).
 * A live token is the proof that its phone was verified: only a successful code check, or a
 * registration with a checked code, issues one; an account's phone never changes; and the token
 * dies by expiry, at logout (with every token of its login), or when it is traded here for
 * another person's. A trade keeps the login and the deadline: no session outlives its code.
 */

/** The term of a token traded for `session`'s: the same login, the same deadline. */
const sameTerm = (session: Session, now: Date): TokenTerm => ({ loginId: session.loginId, createdAt: now, expiresAt: session.expiresAt });

const deadSession = () => new AppError('unauthenticated', apiMessages.unauthenticated);

/**
 * 429 once the session's login has handed out `tokenPolicy.tokensPerLoginHour` tokens in the last
 * hour. No lock: trades are sequential by nature (each needs the token the previous one issued),
 * so the login's few live tokens can overshoot the bound by one each at most.
 */
async function refuseLoopedTrades(db: Db, session: Session, now: Date): Promise<void> {
  const window = tokenPolicy.tokensPerLoginHour;
  const opensAt = windowOpensAt(await recentTokenTimesOfLogin(db, session.loginId, ago(now, window.ms), window.max), window, now);
  if (opensAt) throw rateLimited(authMessages.switchWait, opensAt, now);
}

/** The accounts of the session's phone, in creation order (the same people a code check lists). */
export async function listSessionPhoneAccounts(db: Db, session: Session): Promise<User[]> {
  return (await listAccountsOfPhone(db, session.account.phoneNumber)).map(toUser);
}

/**
 * Trades the session's token for a token of another account of the same phone. 404 for an
 * account of another phone (or none); 401 when the token died meanwhile, e.g. a concurrent
 * trade of the same token won: a token is traded once.
 */
export async function switchAccount(db: Db, session: Session, { accountId, now }: { accountId: number; now: Date }): Promise<LoginEntry> {
  return db.transaction(async (tx) => {
    const target = await findAccountOfPhone(tx, accountId, session.account.phoneNumber);
    if (!target) throw new AppError('not_found', authMessages.personNotFound);
    await refuseLoopedTrades(tx, session, now);
    if (!(await revokeLiveToken(tx, session.tokenId, now))) throw deadSession();
    const [entry] = await issueTokens(tx, [target], sameTerm(session, now));
    return entry!;
  });
}

/**
 * Registers another person under the session's phone and trades the session's token for theirs.
 * The phone's limits hold as at registration: 409 at 10 accounts or for a national code in use,
 * 429 after too many such refusals (accounts/service.ts), all under the address's and the phone's
 * locks. Returns the new entry and how many accounts the phone has now.
 */
export async function addPerson(db: Db, session: Session, person: PersonInput, { ip, now }: Caller): Promise<{ entry: LoginEntry; accounts: number }> {
  const { phoneNumber } = session.account;
  return transactionThenRefuse(db, async (tx) => {
    await lockSubjects(tx, { ip, phoneNumber });
    await refuseLoopedTrades(tx, session, now);
    const before = await countAccountsOfPhone(tx, phoneNumber);
    if (before >= MAX_ACCOUNTS_PER_PHONE) return new AppError('conflict', accountMessages.tooManyAccounts);
    const account = await createAccount(
      tx,
      {
        phoneNumber,
        firstName: person.first_name,
        lastName: person.last_name,
        internationalCode: person.international_code,
        gender: person.gender,
        createdAt: now,
        updatedAt: now,
      },
      { phoneNumber, ip, now },
    );
    if (account instanceof AppError) return account;
    // Thrown, not returned: the new account goes with the refusal.
    if (!(await revokeLiveToken(tx, session.tokenId, now))) throw deadSession();
    const [entry] = await issueTokens(tx, [account], sameTerm(session, now));
    return { entry: entry!, accounts: before + 1 };
  });
}
