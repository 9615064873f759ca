import { comingSoonPage } from "@/components/layout/coming-soon-page";

// SPEC §2 route; the error-reporting issue gives it its two buttons.
const page = comingSoonPage("sentryExample");
export default page.Page;
export const generateMetadata = page.generateMetadata;
