/** The window event an error boundary raises so the loading bar turns to its error colour (NavigationEvents listens). */
export const NAVIGATION_ERROR_EVENT = "takapoo:navigation-error";

/**
 * Lets an error boundary colour the bar: the navigation that led there failed. An event, not a call into
 * NavigationEvents, so the boundary (loaded with every page) does not bring the bar's code with it.
 */
export function reportNavigationError(): void {
  window.dispatchEvent(new Event(NAVIGATION_ERROR_EVENT));
}
