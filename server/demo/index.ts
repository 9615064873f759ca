// The demo feature's front door: a demo installation's clock (issue 34).
export { advanceDemoClock, demoClock } from "@/server/demo/clock";
