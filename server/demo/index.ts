// The demo feature's front door: a demo installation's clock (issue 34).
export { advanceDemoClock, demoDaysAhead, DEMO_JOBS } from "@/server/demo/clock";
