import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Only the styles of the Mantine components the visitor's page shows (Mantine's whole sheet
// is four times as large, and it blocks the first paint). The order is Mantine's: the
// global layers first, then each component after the ones it is built on. A component
// added to the page needs its sheet here (the page's journeys would show it unstyled).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Alert.css';
// The appearance switch in the sidebar, shown once the page is interactive.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { STATE_ELEMENT_ID, VisitorApp, type VisitorState } from './app/visitor/visitor-app';
import { STORED_USER_KEY } from './lib/stored-user';

// The server sends this page only to a browser without a valid session: a user still stored
// from an earlier visit has been logged out (expired, or logged out elsewhere).
localStorage.removeItem(STORED_USER_KEY);

// The visitor's '/', rendered by the server: hydrate it with the state it was rendered from.
const container = document.getElementById('root')!;
const stateElement = document.getElementById(STATE_ELEMENT_ID);
if (stateElement?.textContent) {
  const state = JSON.parse(stateElement.textContent) as VisitorState;
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page: the page already shows, and answers input.
  startTransition(() => {
    hydrateRoot(container, <VisitorApp state={state} />);
  });
} else {
  // Not rendered by the server (visitor.html on the dev server): the page fetches its data.
  const isPhone = window.matchMedia('(max-width: 48em)').matches;
  createRoot(container).render(<VisitorApp state={{ firstPage: null, isPhone }} />);
}
