import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A table's search box: a search field with its icon, the text running its own way (a Hebrew or an English name). */
export function SearchInput(props: Omit<TextInputProps, 'type' | 'leftSection' | 'dir'>) {
  return <TextInput type="search" leftSection={<IconSearch size={16} aria-hidden />} dir="auto" {...props} />;
}
