// The first use of Intl in a page loads ICU's locale data, which takes a phone's CPU tens of
// milliseconds. react-aria does it while the app's entry is evaluated, the page's longest task; this
// tiny script does it earlier, on its own, while the entry is still downloading (see
// docs/architecture.md, "First paint").
// It waits for the shell's first paint (a frame, then a task), so it does not hold that paint back
// either: the shell and the page's head are on screen first.
requestAnimationFrame(() => setTimeout(() => Intl.DateTimeFormat.supportedLocalesOf([navigator.language])));
