// The owner's dashboard: one island with a tab for each part of the business. The open tab is
// kept in the address (/admin?tab=orders), so a reload or a link opens the same tab. Above the tabs,
// a banner while the site takes no money (test mode, or payments not set up).
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { EnquiriesTab, enquiriesKey, readEnquiries } from '~/islands/enquiries/EnquiriesTab';
import type { QuotePrefill } from '~/islands/jobs/quotes-api';
import { OrdersTab } from '~/islands/orders/OrdersTab';
import { PaymentModeBanner } from '~/islands/payments/PaymentModeBanner';
import { PaymentsTab } from '~/islands/payments/PaymentsTab';
import { ReviewsTab, readReviews, reviewsKey } from '~/islands/reviews/ReviewsTab';
import { ProductsTab } from '~/islands/shop/ProductsTab';
import { makeQueryClient } from '~/lib/platform/client/query';
import { useHydrated } from '~/lib/platform/client/use-hydrated';
import { DashboardTab } from './DashboardTab';
import { type TabSpec, Tabs } from './Tabs';

// The media tabs carry the upload widget (Uppy), most of the dashboard's weight: each loads when
// its tab opens.
const PhotosTab = lazy(() => import('~/islands/photos/PhotosTab'));
const VideosTab = lazy(() => import('~/islands/drone/VideosTab'));
const BackgroundsTab = lazy(() => import('~/islands/backgrounds/BackgroundsTab'));
const ProfileTab = lazy(() => import('~/islands/profile/ProfileTab'));
// The FAQ's form carries zod and react-hook-form.
const FaqTab = lazy(() => import('~/islands/content/FaqTab'));
// The selling settings carry the list of countries.
const ShippingTab = lazy(() => import('~/islands/selling/ShippingTab'));
const DiscountsTab = lazy(() => import('~/islands/selling/DiscountsTab'));
// Client galleries carry Uppy and its tus uploader.
const GalleriesTab = lazy(() => import('~/islands/galleries/GalleriesTab'));
// Drone jobs: the quote form carries the endpoints' schemas.
const JobsTab = lazy(() => import('~/islands/jobs/JobsTab'));

export const ADMIN_TABS = [
  'dashboard',
  'photos',
  'videos',
  'galleries',
  'orders',
  'products',
  'shipping',
  'discounts',
  'payments',
  'backgrounds',
  'faq',
  'profile',
  'reviews',
  'enquiries',
  'jobs',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const LABELS: Record<AdminTab, string> = {
  dashboard: 'Dashboard',
  photos: 'Photos',
  videos: 'Videos',
  galleries: 'Galleries',
  orders: 'Orders',
  products: 'Products',
  shipping: 'Shipping & VAT',
  discounts: 'Discounts',
  payments: 'Payments',
  backgrounds: 'Backgrounds',
  faq: 'FAQ',
  profile: 'Profile',
  enquiries: 'Enquiries',
  jobs: 'Jobs',
  reviews: 'Reviews',
};

/** Rendered in the browser only, after hydration: the server's HTML and the first render agree. */
function LazyTab({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const loading = <p aria-busy="true">Loading…</p>;
  if (!hydrated) return loading;
  return <Suspense fallback={loading}>{children}</Suspense>;
}

/** What the open tab may need beyond its id: a quote to write from an enquiry. */
interface PanelContext {
  onSelect: (id: string) => void;
  quotePrefill: QuotePrefill | null;
  writeQuote: (prefill: QuotePrefill | null) => void;
}

function panel(tab: AdminTab, { onSelect, quotePrefill, writeQuote }: PanelContext): ReactNode {
  switch (tab) {
    case 'dashboard':
      return <DashboardTab onOpenTab={onSelect} />;
    case 'orders':
      return <OrdersTab />;
    case 'products':
      return <ProductsTab />;
    case 'payments':
      return <PaymentsTab />;
    case 'enquiries':
      return <EnquiriesTab onWriteQuote={writeQuote} />;
    case 'jobs':
      return (
        <LazyTab>
          <JobsTab prefill={quotePrefill} onPrefillUsed={() => writeQuote(null)} />
        </LazyTab>
      );
    case 'reviews':
      return <ReviewsTab />;
    case 'photos':
      return (
        <LazyTab>
          <PhotosTab />
        </LazyTab>
      );
    case 'videos':
      return (
        <LazyTab>
          <VideosTab />
        </LazyTab>
      );
    case 'galleries':
      return (
        <LazyTab>
          <GalleriesTab />
        </LazyTab>
      );
    case 'backgrounds':
      return (
        <LazyTab>
          <BackgroundsTab />
        </LazyTab>
      );
    case 'shipping':
      return (
        <LazyTab>
          <ShippingTab />
        </LazyTab>
      );
    case 'discounts':
      return (
        <LazyTab>
          <DiscountsTab />
        </LazyTab>
      );
    case 'faq':
      return (
        <LazyTab>
          <FaqTab />
        </LazyTab>
      );
    case 'profile':
      return (
        <LazyTab>
          <ProfileTab />
        </LazyTab>
      );
  }
}

/** The tabs, with the count of enquiries that wait for an answer, and of reviews that wait for approval. */
function AdminTabs(props: { tab: AdminTab; onSelect: (id: string) => void }) {
  const [quotePrefill, setQuotePrefill] = useState<QuotePrefill | null>(null);
  const writeQuote = (prefill: QuotePrefill | null) => {
    setQuotePrefill(prefill);
    if (prefill) props.onSelect('jobs');
  };
  const waiting = useQuery({
    queryKey: enquiriesKey('unhandled'),
    queryFn: () => readEnquiries('unhandled'),
  });
  const reviews = useQuery({ queryKey: reviewsKey('pending'), queryFn: () => readReviews('pending') });
  const badges: Partial<Record<AdminTab, number>> = {
    enquiries: waiting.data?.unhandled,
    reviews: reviews.data?.pending,
  };
  const tabs: TabSpec[] = ADMIN_TABS.map((id) => ({ id, label: LABELS[id], badge: badges[id] }));
  return (
    <Tabs tabs={tabs} current={props.tab} onSelect={props.onSelect}>
      {panel(props.tab, { onSelect: props.onSelect, quotePrefill, writeQuote })}
    </Tabs>
  );
}

export default function AdminApp(props: { initialTab: AdminTab; email: string }) {
  const [client] = useState(makeQueryClient);
  const [tab, setTab] = useState<AdminTab>(props.initialTab);
  const select = (id: string) => {
    const next = id as AdminTab;
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(null, '', url);
  };
  return (
    <QueryClientProvider client={client}>
      <p className="mt-2 text-slate-600">Signed in as {props.email}.</p>
      <PaymentModeBanner />
      <AdminTabs tab={tab} onSelect={select} />
    </QueryClientProvider>
  );
}
