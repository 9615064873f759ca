// The demo feature's front door (issue 34): a demo installation's clock, what makes an installation a demo, and its world.
export { advanceDemoClock, demoClock } from "@/server/demo/clock";
export { isDemoInstallation } from "@/server/demo/routes";
export { buildDemoWorld } from "@/server/demo/world";
export { WORLD_ADDRESS_HEADER, worldSms } from "@/server/demo/world-client";
export { DEMO_BOOSTER, DEMO_PASSWORD, DEMO_PRODUCER } from "@/server/demo/world-cast";
