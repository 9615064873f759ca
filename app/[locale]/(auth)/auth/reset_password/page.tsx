import { comingSoonPage } from "@/components/layout/coming-soon-page";

const page = comingSoonPage("resetPassword", "/");
export default page.Page;
export const generateMetadata = page.generateMetadata;
