import { CataloguePage } from '../design/catalogue-page.tsx';
import { COMPONENT_ENTRIES } from '../design/entries-components.tsx';

export default function ComponentsRoute() {
  return (
    <CataloguePage
      title="screens.components"
      intro="designDemo.intro.components"
      entries={COMPONENT_ENTRIES}
    />
  );
}
