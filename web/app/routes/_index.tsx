import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Features } from '~/components/home/features';
import { Hero } from '~/components/home/hero';
import { InnerCircle } from '~/components/home/inner-circle';
import { OurStory } from '~/components/home/our-story';
import { Promotions } from '~/components/home/promotions';
import { PlainAlert } from '~/components/ui/alert';
import ui from '~/components/ui/ui.module.css';
import { api } from '~/utils/api/endpoints.server';
import { publicPageMeta, publicUrlOf } from '~/utils/seo';

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: 'Fitness programmes and personal trainers',
    description:
      'Day-by-day fitness programmes with a video for every lesson, made by trainers you can talk to.',
    publicUrl: publicUrlOf(matches),
    path: '/',
  });

export async function loader(args: LoaderFunctionArgs) {
  // The home page is static: an unhealthy API only adds a notice, it never fails the page.
  const health = await api.health(args);
  return { serviceAvailable: health.ok && health.data.status === 'ok' };
}

export default function HomeRoute() {
  const { serviceAvailable } = useLoaderData<typeof loader>();
  return (
    <>
      {serviceAvailable ? null : (
        <div className={`${ui.container} ${ui.padded}`}>
          <PlainAlert color="yellow" title="Some features are unavailable">
            We cannot reach our servers right now. Browsing may not work until we are back.
          </PlainAlert>
        </div>
      )}
      <Hero />
      <Promotions />
      <OurStory />
      <InnerCircle />
      <Features />
    </>
  );
}
