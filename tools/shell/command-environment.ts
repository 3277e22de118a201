import { DEFAULTS } from '../../shared/constants';

/**
 * What a command inherits from TACO's environment: everything but TACO's own variables and those
 * whose names say they hold a secret (`DEFAULTS.sandbox.secretEnvNamePattern`: API keys, tokens,
 * passwords, cloud credentials) and those whose values hold one (`DEFAULTS.sandbox.secretEnvValuePattern`:
 * a URL with a password, a token of a well-known form). An approved command, sandboxed or not, cannot read them with
 * `env`; the names are listed nowhere the model sees.
 */
export function commandEnvironment(environment: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(environment)) {
    if (value === undefined || DEFAULTS.sandbox.secretEnvNamePattern.test(name.toUpperCase())) continue;
    if (DEFAULTS.sandbox.secretEnvValuePattern.test(value)) continue;
    out[name] = value;
  }
  return out;
}
