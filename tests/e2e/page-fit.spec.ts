// No page wider than a 1280 px desktop screen, and no control out of reach: every page, signed out
// and signed in on a busy day, every admin tab and dialog (page-fit.ts).
import { test } from '@playwright/test';
import { pageFitTests } from './page-fit';

test.use({ viewport: { width: 1280, height: 800 } });
pageFitTests();
