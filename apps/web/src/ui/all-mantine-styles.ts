// Every Mantine component's styles (in `@layer mantine`); loaded by ui/all-styles.ts.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
