// The background editor (/background-editor, owner only): one card per section of the site that
// can carry a background image, each showing the current image with Add/Change and Delete.
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { makeQueryClient, read } from '~/lib/platform/client/query';
import { BACKGROUND_SECTIONS, type BackgroundSection } from '~/lib/site/constants';
import { BackgroundEditorCard } from './BackgroundEditorCard';
import { backgroundsKey, type SectionBackgroundEntry } from './background-api';

export const SECTION_LABELS: Record<BackgroundSection, { title: string; where: string }> = {
  hero: {
    title: 'Homepage Hero',
    where:
      'Behind the title at the top of the home page. Of this and the photo set as homepage hero, the one chosen last shows.',
  },
  about: { title: 'About Section', where: 'Behind the About section of the home page.' },
  gallery: { title: 'Gallery Section', where: 'Behind the featured gallery of the home page.' },
  contact: { title: 'Contact Section', where: 'Behind the contact form of the home page.' },
  shop: { title: 'Shop Header', where: 'Behind the title of the print shop.' },
};

function Cards() {
  const { data, isPending, isError } = useQuery({
    queryKey: backgroundsKey,
    queryFn: () => read<SectionBackgroundEntry[]>('/api/background-images'),
  });
  if (isPending) return <p aria-busy="true">Loading backgrounds…</p>;
  if (isError) return <p role="alert">The backgrounds could not be loaded. Please reload the page.</p>;
  return (
    <ul className="grid gap-6 lg:grid-cols-2">
      {BACKGROUND_SECTIONS.map((section) => (
        <BackgroundEditorCard
          key={section}
          section={section}
          label={SECTION_LABELS[section]}
          current={data?.find((b) => b.section === section) ?? null}
        />
      ))}
    </ul>
  );
}

export default function BackgroundEditor() {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Cards />
    </QueryClientProvider>
  );
}
