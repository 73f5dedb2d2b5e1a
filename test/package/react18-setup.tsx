// Setup file of the `components-react18` project: fails every file at once unless the kit, Testing
// Library and Radix all run on the one React 18 from the cache folder (a second React would throw
// "Invalid hook call" here, and the version check catches aliases that did not take).
import * as RadioGroup from "@radix-ui/react-radio-group";
import { cleanup, render } from "@testing-library/react";
import { useState, version } from "react";
import { version as domVersion } from "react-dom";
import { REACT18_VERSION } from "./react18.js";

if (version !== REACT18_VERSION || domVersion !== REACT18_VERSION) {
  throw new Error(
    `components-react18 runs with react ${version} and react-dom ${domVersion}, expected ${REACT18_VERSION}: check the aliases in vite.config.ts.`,
  );
}

function Probe() {
  const [value] = useState("a");
  return (
    <RadioGroup.Root aria-label="probe" value={value}>
      <RadioGroup.Item value="a" aria-label="a" />
    </RadioGroup.Root>
  );
}
render(<Probe />);
cleanup();
