export const  messy = {a:1,
      b : 2}
