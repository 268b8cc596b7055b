/**
 * The Mantine styles that the first screen of /games and /game/{id} needs, and no more: the whole
 * sheet is 200 KB (25 KB compressed) and blocks the first paint. The rest comes with the first lazy
 * screen that needs it (`withAllStyles`, ui/all-styles.ts). `npm run check:bundle` fails when
 * a first-load chunk uses a Mantine class that these files do not style.
 *
 * The `.layer.css` variants put Mantine in `@layer mantine`, so our own CSS wins whatever the order
 * in which the sheets arrive. Inside that layer order does matter: the files come in the order of
 * Mantine's own styles.css (a Button is also an UnstyledButton, whose `background: transparent` must
 * come first); first-load-styles.test.ts holds it.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/notifications/styles.layer.css';
