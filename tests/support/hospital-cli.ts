import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run hospital -- …args` (as `node scripts/hospital.ts`) with `env` on top of the test's own (no HOSPITAL_API_KEY unless given). */
export function hospitalCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/hospital.ts', ...args], { cwd: root, env: { ...process.env, HOSPITAL_API_KEY: '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
