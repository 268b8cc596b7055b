import { useId, type CSSProperties, type ReactNode } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';

type Props<T extends string> = {
  /** The visible name above the choices, which also names them for screen readers. */
  label: string;
  value: T;
  onChange(value: NoInfer<T>): void;
  data: { value: NoInfer<T>; label: string }[];
  /** Keeps the control itself within a narrow screen, at its own width. */
  fit?: boolean;
  'data-testid'?: string;
  /** Shown under the choices (a hint on the one chosen). */
  children?: ReactNode;
};

const FIT_STYLE: CSSProperties = { alignSelf: 'flex-start' };

/** A few choices side by side under their name: Mantine's SegmentedControl has no label of its own. */
export function LabelledSegments<T extends string>({ label, value, onChange, data, fit = false, 'data-testid': testId, children }: Props<T>) {
  const labelId = useId();
  return (
    <Stack gap={4} maw="100%">
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as T)}
        data={data}
        maw={fit ? '100%' : undefined}
        style={fit ? FIT_STYLE : undefined}
        data-testid={testId}
      />
      {children}
    </Stack>
  );
}
