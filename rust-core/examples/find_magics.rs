//! Finds magic multipliers for 8×8 rook and bishop attacks by random search
//! and prints them as the Rust source of `src/geometry/magics8.rs`.
//! Run with `cargo run --release -p norochess-core --example find_magics`.

fn slide(sq: i32, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut a = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let b = 1u64 << (r * 8 + f);
            a |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    a
}
fn mask(sq: i32, dirs: &[(i32, i32)]) -> u64 {
    let mut a = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            a |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    a
}
fn main() {
    let mut s: u64 = 0x9E3779B97F4A7C15;
    let mut rnd = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for (name, dirs) in [
        ("ROOK", [(1, 0), (-1, 0), (0, 1), (0, -1)]),
        ("BISHOP", [(1, 1), (1, -1), (-1, 1), (-1, -1)]),
    ] {
        let mut out = vec![];
        for sq in 0..64 {
            let m = mask(sq, &dirs);
            let bits = m.count_ones();
            let mut subsets = vec![];
            let mut sub = 0u64;
            loop {
                subsets.push((sub, slide(sq, sub, &dirs)));
                sub = sub.wrapping_sub(m) & m;
                if sub == 0 {
                    break;
                }
            }
            'search: loop {
                let magic = rnd() & rnd() & rnd();
                if (m.wrapping_mul(magic) >> 56).count_ones() < 6 {
                    continue;
                }
                let mut table = vec![u64::MAX; 1 << bits];
                for &(occ, att) in &subsets {
                    let i = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
                    if table[i] == u64::MAX {
                        table[i] = att;
                    } else if table[i] != att {
                        continue 'search;
                    }
                }
                out.push(magic);
                break;
            }
        }
        println!("pub(super) const {name}_MAGICS: [u64; 64] = [");
        for c in out.chunks(4) {
            println!(
                "    {},",
                c.iter()
                    .map(|m| format!("0x{m:016x}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        println!("];");
    }
}
