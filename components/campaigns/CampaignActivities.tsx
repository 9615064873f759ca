export { CampaignActivities } from "./CampaignView";
