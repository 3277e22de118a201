import type { JsonObject } from '../../shared/contract/json';
import { parseAllowedHosts, type ParsedHosts } from './allowed-hosts';

/**
 * run_command's `network` argument: the hosts the command may reach, in the spelling the card
 * shows and the proxy matches (parseAllowedHosts). Absent or empty: no network. Anything but a
 * list of hosts (the old `true` too) is refused with the reason, before the user is asked.
 */
export function commandHosts(args: JsonObject): ParsedHosts {
  const value = args['network'];
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return { ok: true, hosts: [] };
  if (!Array.isArray(value))
    return {
      ok: false,
      message: '`network` must list the hosts the command needs, e.g. ["pypi.org", "files.pythonhosted.org"]; leave it out for no network.',
    };
  return parseAllowedHosts(value);
}
