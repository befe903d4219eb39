import { domAnimation } from "framer-motion";

/** The wizard's animation features, in their own chunk: LazyMotion fetches them after step 1 has rendered. */
export default domAnimation;
