/** The customiser's neon colours (spec section 3). No zod here: the cart drawer imports it. */
export const CUSTOM_COLORS = [
  { id: "blue", name: "Electric Blue", hex: "#00bfff" },
  { id: "pink", name: "Hot Pink", hex: "#ff1493" },
  { id: "purple", name: "Neon Purple", hex: "#9945ff" },
  { id: "white", name: "Pure White", hex: "#ffffff" },
  { id: "red", name: "Red", hex: "#ff0000" },
  { id: "green", name: "Green", hex: "#00ff00" },
  { id: "yellow", name: "Yellow", hex: "#ffff00" },
  { id: "orange", name: "Orange", hex: "#ff8000" },
] as const;
