import { CataloguePage } from '../design/catalogue-page.tsx';
import { TABLE_ENTRIES } from '../design/entries-table.tsx';

export default function TableDemoRoute() {
  return (
    <CataloguePage title="screens.tableDemo" intro="designDemo.intro.tableDemo" entries={TABLE_ENTRIES} />
  );
}
