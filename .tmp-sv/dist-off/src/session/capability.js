// Which capability a message depends on, and whether the session negotiated it.
import { isDeclared, requiredCapability } from '../protocol/index.js';
import { paramsOf } from './direction.js';
/**
 * The capability `method` (with these params) needs in this session's revision, and whether the side
 * that must declare it did. `negotiated` is null when that side's declaration was not seen
 * (a log that starts mid-session, or before the `initialize` result).
 */
export function capabilityFor(method, message, s, dir) {
    const req = requiredCapability(method, paramsOf(message), s.revision, dir);
    if (!req)
        return null;
    const declared = req.side === 'server' ? s.info.serverCapabilities : s.info.clientCapabilities;
    return { side: req.side, path: req.path, negotiated: declared === null ? null : isDeclared(declared, req.path) };
}
//# sourceMappingURL=capability.js.map