import * as AskUser from "ask-user-kit/parts";
import styles from "./parts-composition.module.css";

/**
 * A host's own panel from the `AskUser.*` parts, with a CSS module for the look and no kit theme:
 * the Parts story shows it (its "Show code" is the same composition) and a flow answers through it.
 */
export function HostPanel() {
  return (
    <AskUser.Root className={styles.root}>
      <header className={styles.header}>
        <AskUser.StepIndicator />
        <AskUser.Countdown />
      </header>
      <AskUser.Question>
        <AskUser.Title className={styles.title} />
        <AskUser.Description className={styles.description} />
        <AskUser.Options className={styles.options} />
        <AskUser.OtherInput className={styles.other} />
      </AskUser.Question>
      <AskUser.Error />
      <footer className={styles.footer}>
        <AskUser.Back />
        <AskUser.Skip />
        <AskUser.Next />
        <AskUser.Submit />
      </footer>
    </AskUser.Root>
  );
}
