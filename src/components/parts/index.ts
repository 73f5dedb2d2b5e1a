/** Short names for the `AskUser` namespace (`AskUser.Root`, `AskUser.Option`, …). */
export { AskUserRoot as Root } from "./root.js";
export { AskUserStepIndicator as StepIndicator } from "./step-indicator.js";
export { AskUserQuestion as Question, AskUserTitle as Title, AskUserDescription as Description } from "./question.js";
export { AskUserOptions as Options } from "./options.js";
export {
  AskUserOption as Option,
  AskUserOptionIndicator as OptionIndicator,
  AskUserOptionLabel as OptionLabel,
  AskUserOptionBadge as OptionBadge,
  AskUserOptionDescription as OptionDescription,
  AskUserOptionKey as OptionKey,
} from "./option.js";
export { AskUserOtherInput as OtherInput } from "./other-input.js";
export {
  AskUserBack as Back,
  AskUserNext as Next,
  AskUserSubmit as Submit,
  AskUserSkip as Skip,
} from "./buttons.js";
export { AskUserSkipConfirm as SkipConfirm } from "./skip-confirm.js";
export { AskUserCredentialWarning as CredentialWarning } from "../credential/ask-user-credential-warning.js";
export { AskUserCollapse as Collapse, AskUserCollapseBar as CollapseBar } from "./collapse.js";
export { AskUserNavigator as Navigator } from "./navigator.js";
export { AskUserOtherSessions as OtherSessions } from "./other-sessions.js";
export { AskUserCountdown as Countdown } from "./countdown.js";
export {
  AskUserError as Error,
  AskUserErrorText as ErrorText,
  AskUserErrorRetry as ErrorRetry,
  AskUserErrorDismiss as ErrorDismiss,
} from "./error.js";
export { AskUserChecking as Checking } from "./checking.js";
export { AskUserConnection as Connection } from "./connection.js";
export { AskUserOutcome as Outcome } from "./outcome.js";
export { AskUserProblems as Problems } from "./problems.js";
export { AskUserLiveRegion as LiveRegion } from "./live-region.js";
