// No page wider than a 390 px phone, and no control out of reach: every page, signed out and
// signed in on a busy day, every admin tab and dialog (page-fit.ts). A phone (mobile emulation,
// touch) at 390 px: the project's Pixel 7 is 412 px wide.
import { test } from '@playwright/test';
import { pageFitTests } from './page-fit';

test.use({ viewport: { width: 390, height: 844 } });
pageFitTests();
