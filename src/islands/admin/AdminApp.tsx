// The owner's dashboard: one island with a tab for each part of the business. The open tab is
// kept in the address (/admin?tab=orders), so a reload or a link opens the same tab.
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useHydrated } from '~/lib/client/use-hydrated';
import { DashboardTab } from './DashboardTab';
import { EnquiriesTab, enquiriesKey, readEnquiries } from './EnquiriesTab';
import { OrdersTab } from './OrdersTab';
import { PaymentsTab } from './PaymentsTab';
import { ProductsTab } from './ProductsTab';
import { makeQueryClient } from './query';
import { type TabSpec, Tabs } from './Tabs';

// The upload widget (Uppy) is most of the dashboard's weight: it loads when the Photos tab opens.
const AddPhotoForm = lazy(() => import('~/islands/AddPhotoForm'));

export const ADMIN_TABS = [
  'dashboard',
  'photos',
  'videos',
  'orders',
  'products',
  'payments',
  'backgrounds',
  'profile',
  'enquiries',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const LABELS: Record<AdminTab, string> = {
  dashboard: 'Dashboard',
  photos: 'Photos',
  videos: 'Videos',
  orders: 'Orders',
  products: 'Products',
  payments: 'Payments',
  backgrounds: 'Backgrounds',
  profile: 'Profile',
  enquiries: 'Enquiries',
};

/** Rendered in the browser only, after hydration: the server's HTML and the first render agree. */
function LazyPhotoForm() {
  const hydrated = useHydrated();
  const loading = <p aria-busy="true">Loading the upload form…</p>;
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <AddPhotoForm />
    </Suspense>
  );
}

function NotYet({ children }: { children: ReactNode }) {
  return <p className="max-w-prose text-slate-700">{children}</p>;
}

function panel(tab: AdminTab): ReactNode {
  switch (tab) {
    case 'dashboard':
      return <DashboardTab />;
    case 'orders':
      return <OrdersTab />;
    case 'products':
      return <ProductsTab />;
    case 'payments':
      return <PaymentsTab />;
    case 'enquiries':
      return <EnquiriesTab />;
    case 'photos':
      return (
        <section aria-labelledby="add-photo-h">
          <h2 id="add-photo-h" className="text-xl font-semibold">
            Add New Photo
          </h2>
          <p className="mt-1 max-w-prose text-slate-600">
            The photo is processed once on upload: its location data is removed, and sizes for every screen
            are made. It then appears in the shop with prints at your current prices.
          </p>
          <div className="mt-6">
            <LazyPhotoForm />
          </div>
        </section>
      );
    case 'videos':
      return (
        <NotYet>
          Drone videos and sample photos are uploaded, featured and deleted on the{' '}
          <a className="underline underline-offset-4" href="/drone-services#samples">
            Drone Services page
          </a>{' '}
          for now. A Videos tab here comes with the media tools.
        </NotYet>
      );
    case 'backgrounds':
      return <NotYet>Background images are not editable yet: this comes with the media tools.</NotYet>;
    case 'profile':
      return <NotYet>The bio picture is not editable here yet: this comes with the media tools.</NotYet>;
  }
}

/** The tabs, with the count of enquiries that wait for an answer on their tab. */
function AdminTabs(props: { tab: AdminTab; onSelect: (id: string) => void }) {
  const waiting = useQuery({
    queryKey: enquiriesKey('unhandled'),
    queryFn: () => readEnquiries('unhandled'),
  });
  const tabs: TabSpec[] = ADMIN_TABS.map((id) => ({
    id,
    label: LABELS[id],
    badge: id === 'enquiries' ? waiting.data?.unhandled : undefined,
  }));
  return (
    <Tabs tabs={tabs} current={props.tab} onSelect={props.onSelect}>
      {panel(props.tab)}
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
      <AdminTabs tab={tab} onSelect={select} />
    </QueryClientProvider>
  );
}
