//! Combat (S5): who wins when one piece attacks another, from the pieces'
//! strengths and roles.

use crate::params::{OptionsParams, Role};
use serde::{Deserialize, Serialize};

/// The result of an attack.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Clash {
    /// The defender is removed and the attacker moves onto its square
    /// (capturing a flag is such a win, S5.5).
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// Both pieces are removed (S5.2).
    BothRemoved,
}

/// What decides a fight: a piece's strength and special role.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Fighter {
    pub strength: u8,
    pub role: Role,
}

/// The result of `attacker` attacking `defender` (S5.2–S5.5, with the
/// option rules S12.1 and S12.2, which S12.3 implies).
pub(crate) fn resolve(attacker: Fighter, defender: Fighter, options: &OptionsParams) -> Clash {
    match defender.role {
        // S5.5: any piece attacking the flag captures it.
        Role::Flag => Clash::AttackerWins,
        // S5.4: a miner removes a bomb; any other attacker is removed (with
        // the bomb under S12.2).
        Role::Bomb if attacker.role == Role::Miner => Clash::AttackerWins,
        Role::Bomb if options.bombs_explode() => Clash::BothRemoved,
        Role::Bomb => Clash::DefenderWins,
        // S5.3: the spy wins when it attacks the marshal (not the other way).
        Role::Marshal if attacker.role == Role::Spy => Clash::AttackerWins,
        _ => match attacker.strength.cmp(&defender.strength) {
            std::cmp::Ordering::Greater => Clash::AttackerWins,
            std::cmp::Ordering::Less => Clash::DefenderWins,
            // S12.1: the attacker wins at equal strengths.
            std::cmp::Ordering::Equal if options.attacker_advantage => Clash::AttackerWins,
            // S5.2: equal strengths remove both.
            std::cmp::Ordering::Equal => Clash::BothRemoved,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(strength: u8, role: Role) -> Fighter {
        Fighter { strength, role }
    }

    fn resolve(a: Fighter, d: Fighter) -> Clash {
        super::resolve(a, d, &OptionsParams::default())
    }

    #[test]
    fn s12_1_attacker_advantage_and_s12_2_explosive_bombs() {
        let on = OptionsParams {
            attacker_advantage: true,
            explosive_bombs: true,
            ..OptionsParams::default()
        };
        let (spy, scout, miner) = (f(1, Role::Spy), f(2, Role::None), f(3, Role::Miner));
        let (marshal, bomb, flag) = (f(10, Role::Marshal), f(0, Role::Bomb), f(0, Role::Flag));
        // S12.1: equal strengths, spy against spy included: the attacker wins.
        assert_eq!(super::resolve(scout, scout, &on), Clash::AttackerWins);
        assert_eq!(super::resolve(spy, spy, &on), Clash::AttackerWins);
        assert_eq!(super::resolve(marshal, marshal, &on), Clash::AttackerWins);
        // Nothing else changes.
        assert_eq!(super::resolve(scout, miner, &on), Clash::DefenderWins);
        assert_eq!(super::resolve(spy, marshal, &on), Clash::AttackerWins);
        assert_eq!(super::resolve(marshal, spy, &on), Clash::AttackerWins);
        // S12.2: a non-miner and the bomb are both removed; a miner still
        // removes the bomb and moves on.
        assert_eq!(super::resolve(marshal, bomb, &on), Clash::BothRemoved);
        assert_eq!(super::resolve(spy, bomb, &on), Clash::BothRemoved);
        assert_eq!(super::resolve(miner, bomb, &on), Clash::AttackerWins);
        assert_eq!(super::resolve(scout, flag, &on), Clash::AttackerWins);
    }

    #[test]
    fn s5_combat_table() {
        let marshal = f(10, Role::Marshal);
        let general = f(9, Role::None);
        let miner = f(3, Role::Miner);
        let scout = f(2, Role::None);
        let spy = f(1, Role::Spy);
        let bomb = f(0, Role::Bomb);
        let flag = f(0, Role::Flag);
        // S5.1 higher strength wins, attacking or defending.
        assert_eq!(resolve(general, scout), Clash::AttackerWins);
        assert_eq!(resolve(scout, general), Clash::DefenderWins);
        // S5.2 equal strengths.
        assert_eq!(resolve(scout, scout), Clash::BothRemoved);
        assert_eq!(resolve(marshal, marshal), Clash::BothRemoved);
        // S5.3 spy and marshal, both ways; spy against spy.
        assert_eq!(resolve(spy, marshal), Clash::AttackerWins);
        assert_eq!(resolve(marshal, spy), Clash::AttackerWins);
        assert_eq!(resolve(spy, general), Clash::DefenderWins);
        assert_eq!(resolve(scout, spy), Clash::AttackerWins);
        assert_eq!(resolve(spy, spy), Clash::BothRemoved);
        // S5.4 miners and bombs.
        assert_eq!(resolve(miner, bomb), Clash::AttackerWins);
        assert_eq!(resolve(marshal, bomb), Clash::DefenderWins);
        assert_eq!(resolve(spy, bomb), Clash::DefenderWins);
        // S5.5 the flag.
        assert_eq!(resolve(spy, flag), Clash::AttackerWins);
        assert_eq!(resolve(scout, flag), Clash::AttackerWins);
    }
}
