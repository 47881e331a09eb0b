import { CataloguePage } from '../design/catalogue-page.tsx';
import { INTERACTIVE_ENTRIES } from '../design/entries-interactive.tsx';

export default function ComponentsDemoRoute() {
  return (
    <CataloguePage
      title="screens.componentsDemo"
      intro="designDemo.intro.componentsDemo"
      entries={INTERACTIVE_ENTRIES}
    />
  );
}
