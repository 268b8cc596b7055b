import type { DataTableColumn } from 'mantine-datatable';

/** A row's running number across pages: `first` is the number of the page's first row (1 on page 1). */
export function numberColumn<T>(title: string, first: number, options: { format?: (n: number) => string; visibleMediaQuery?: DataTableColumn<T>['visibleMediaQuery'] } = {}): DataTableColumn<T> {
  const { format = String, visibleMediaQuery } = options;
  return { accessor: 'number', title, render: (_record, index) => format(first + index), visibleMediaQuery };
}

/** The keys of `T` that hold text. */
type TextKey<T> = { [K in keyof T]: T[K] extends string | null | undefined ? K : never }[keyof T] & string;

/**
 * A column of text someone typed: a name runs its own way (`dir="auto"`); an email or a phone left to
 * right on one line (`dir="ltr"`), whatever the page's direction.
 */
export function textColumn<T>(accessor: TextKey<T>, title: string, dir: 'auto' | 'ltr' = 'auto'): DataTableColumn<T> {
  return { accessor, title, noWrap: dir === 'ltr' || undefined, render: (record) => <span dir={dir}>{record[accessor] as string | null | undefined}</span> };
}
