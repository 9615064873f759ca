// The back office's home is the identity queue itself: same page, no redirect.
export { default, generateMetadata } from "./identity/page";
