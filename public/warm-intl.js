// The first use of Intl in a page loads ICU's locale data, which takes a phone's CPU tens of
// milliseconds. react-aria does it while the app's entry is evaluated, the page's longest task; this
// tiny script does it earlier, on its own, while the entry is still downloading (see
// docs/architecture.md, "First paint").
Intl.DateTimeFormat.supportedLocalesOf([navigator.language]);
