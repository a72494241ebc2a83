/** The customiser's sizes, fonts and backing shapes (spec section 3). No zod here: the cart drawer describes signs with them. */
export const CUSTOM_SIZES = [
  { id: "S", label: "Small", widthCm: 30, basePrice: 1999 },
  { id: "M", label: "Medium", widthCm: 50, basePrice: 2999 },
  { id: "L", label: "Large", widthCm: 70, basePrice: 4499 },
  { id: "XL", label: "Extra Large", widthCm: 100, basePrice: 6999 },
] as const;

export const CUSTOM_FONTS = [
  { id: "orbitron", name: "Orbitron" },
  { id: "rajdhani", name: "Rajdhani" },
  { id: "passion-one", name: "Passion One" },
  { id: "dancing-script", name: "Dancing Script" },
  { id: "flavors", name: "Flavors" },
  { id: "ewert", name: "Ewert" },
  { id: "fugaz-one", name: "Fugaz One" },
  { id: "monoton", name: "Monoton" },
  { id: "abril-fatface", name: "Abril Fatface" },
  { id: "playfair-display", name: "Playfair Display" },
  { id: "press-start", name: "Press Start 2P" },
  { id: "audiowide", name: "Audiowide" },
  { id: "permanent-marker", name: "Permanent Marker" },
  { id: "rubik-glitch", name: "Rubik Glitch" },
  { id: "rock-salt", name: "Rock Salt" },
  { id: "special-elite", name: "Special Elite" },
  { id: "sans", name: "Modern Sans" },
  { id: "mono", name: "Digital Mono" },
  // Devanagari (Hindi) and Latin in one face each (issue 18).
  { id: "baloo-2", name: "Baloo 2 (हिन्दी)" },
  { id: "yatra-one", name: "Yatra One (हिन्दी)" },
] as const;

export const BACKING_SHAPES = [
  { id: "cut-to-shape", name: "Cut to Shape", price: 0 },
  { id: "rectangle", name: "Rectangle", price: 299 },
] as const;
