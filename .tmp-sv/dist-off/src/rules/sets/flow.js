// Rules about progress, cancellation and tasks.
import { cancelUnknownRequest } from '../cancel-unknown-request.js';
import { progressAfterCompletion } from '../progress-after-completion.js';
import { progressNotIncreasing } from '../progress-not-increasing.js';
import { progressUnknownToken } from '../progress-unknown-token.js';
import { responseAfterCancel } from '../response-after-cancel.js';
import { taskCancelledWithNotification } from '../task-cancelled-with-notification.js';
import { taskInvalidTransition } from '../task-invalid-transition.js';
export const FLOW_RULES = [
    cancelUnknownRequest,
    progressAfterCompletion,
    progressNotIncreasing,
    progressUnknownToken,
    responseAfterCancel,
    taskCancelledWithNotification,
    taskInvalidTransition,
];
//# sourceMappingURL=flow.js.map