import type { Db } from '../db/client.ts';
import { env } from '../env.ts';
import type { PaymentGateway } from './gateway.ts';
import { createGateway } from './gateways/index.ts';
import { createSandboxGateway } from './gateways/sandbox.ts';

/** The gateway PAYMENT_GATEWAY names, over this database (the sandbox bank keeps its book there). */
export function activeGateway(db: Db): PaymentGateway {
  return createGateway(env(), { sandbox: () => createSandboxGateway(db) });
}
